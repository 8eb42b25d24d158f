// Pengaturan Perusahaan and the generator's QRIS: the stored company settings, through src/api.
export { companySettings } from '../../api';
