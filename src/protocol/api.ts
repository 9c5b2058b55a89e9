/** Where the v0.6 endpoints live: every path of the API starts with this prefix. */
export const API_PREFIX = '/api/v0.6';
