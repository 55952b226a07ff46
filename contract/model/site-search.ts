/** The site's search page and the query it reads: the search block sends to it, the server answers it. */
export const SEARCH_PATH = '/search';
/** Characters of `q` the search reads; the search block's field takes no more. */
export const SEARCH_QUERY_MAX = 100;
