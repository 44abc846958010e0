/**
 * Stacking of the app's overlays: above the layout's fixed sidebar and navbar (z-index 1030–1040
 * in styles/layout.css), which Mantine's default modal z-index (200) would leave on top. A modal
 * opened from a modal goes above it, the confirm above both, and dropdowns above their modal.
 */
export const Z = { modal: 1100, nested: 1150, confirm: 1200, dropdown: 1300 } as const;

/** `comboboxProps` for a Select/MultiSelect inside a modal: its dropdown above the modal. */
export const DROPDOWN = { zIndex: Z.dropdown } as const;
