/**
 * No web fonts are fetched (the store runs without CDNs): Roboto when the device has it, then the
 * platform's interface font.
 */
export const FONT_STACK = ['Roboto', 'system-ui', '-apple-system', '"Segoe UI"', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(', ');
