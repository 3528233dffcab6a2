/** Rule texts every dialog of the specs uses, whatever the domain. */
export const REQUIRED_MESSAGE = 'Campo obligatorio';
export const INVALID_DATE_MESSAGE = 'Fecha no válida';
