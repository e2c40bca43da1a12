/** The intro clip's still frame: the home page's largest paint on every screen size. */
export const HOME_POSTER_URL = '/media/grail-machine-poster.webp';
