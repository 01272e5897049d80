/**
 * The page's own folder: the server's API and a book file live beside it,
 * whether the playground is served at the root or under a path.
 */

export const pageBase = (): string => new URL('.', document.baseURI).href;
