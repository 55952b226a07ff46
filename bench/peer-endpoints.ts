/** Where the peer stack's page-view tracker sends its events; the bench proxy accepts them, as a tracker's collector would. */
export const PEER_PAGE_VIEWS_PATH = '/api/bench-page-views';
