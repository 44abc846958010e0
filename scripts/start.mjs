// `npm start`: build the web app and the server when missing or older than their sources, then run
// the built server under a supervisor that starts it again when it crashes (scripts/supervise.mjs).
import { buildIfStale, builtArgs, builtEnv, ensureTemplate, root } from './built.mjs';
import { supervise } from './supervise.mjs';

buildIfStale('web', 'server');
await ensureTemplate();
supervise({ args: builtArgs('main'), cwd: root, env: builtEnv() });
