import { lazyRouteComponent } from '@tanstack/react-router';
import { loadChunk } from '../lib/chunk-load';

/**
 * The app layout (menu, header, breadcrumb), a lazy chunk of its own (docs/decisions/003). Apart
 * from ./shell-chunks.ts, which preloads it, so the UI root that draws it does not import the
 * module that lazily imports the UI root (no import cycle, decision 061).
 */
export const AppLayout = lazyRouteComponent(() =>
  loadChunk('app-layout', () => import('./layouts/app-layout')),
);
