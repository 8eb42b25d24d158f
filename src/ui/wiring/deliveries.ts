// The Pengiriman screen's services: the delivery API and the failed rows' export.
export { deliveries, exportFiles } from '../../api';
export { RECIPIENT_PAGE } from '../../api/services/deliveries';
export type { DeliveryJob, DeliveryRecipient, JobAction } from '../../api/services/deliveries';
