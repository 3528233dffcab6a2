/** The store home with all its packages (the `/cart/{packageId}` route without a package). */
export const STORE_HOME_PATH = '/cart';
