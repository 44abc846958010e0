import type { GenerateContext } from './context.ts';
import { makePtk } from './ptk-record.ts';

/** Phase: the PTK who left (edge case), teacher of the unit whose teacher has left. */
export function makePtkKeluar(ctx: GenerateContext): void {
  const { keluarUnit, ptkKeluar, root } = ctx;
  if (keluarUnit) {
    const made = makePtk(ctx, root.fork('ptk-keluar'), 'SENI', { pns: false });
    ptkKeluar.push(made.ptk);
  }
}
