// QRIS payloads (EMVCo merchant-presented QR): data objects, CRC-16, amounts, and the static
// payload made dynamic per invoice. Pure; used by the generator's worker and the settings form.
export { parseDataObjects, writeDataObjects, type DataObject } from './tlv';
export { crc16, crc16Hex } from './crc16';
export { emvAmount } from './amount';
export { dynamicQris, qrisMessages, staticQrisProblem } from './qris';
