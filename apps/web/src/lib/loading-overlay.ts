/** Hides the initial loading overlay of index.html (#loading-bg) once the first route is resolved. */
export function hideLoadingOverlay(doc: Document = document): void {
  const el = doc.getElementById('loading-bg');
  if (!el || el.dataset.hiding) return;
  el.dataset.hiding = '1';
  el.style.opacity = '0';
  setTimeout(() => el.remove(), 250);
}
