// The path and body limit of POST /deliveries, shared by the app's limits and the route that
// counts its streamed body against them (docs/delivery.md, "Memory").
export const DELIVERIES_ROUTE = '/api/v1/deliveries';
/** The merged PDF of thousands of invoices, or their .docx files, in one request. */
export const DELIVERIES_BODY_LIMIT = 256 * 1024 * 1024;
