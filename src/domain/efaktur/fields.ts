// The Coretax fields the mapping step maps to the sheet's columns, their auto-map names and the
// voice-billing defaults used where no column fits (docs/efaktur.md).

export const CORETAX_FIELDS = [
  'refDesc',
  'date',
  'buyerNpwp',
  'buyerNik',
  'buyerIdtku',
  'buyerName',
  'buyerAddress',
  'buyerEmail',
  'buyerCountry',
  'amount',
  'qty',
  'price',
  'itemName',
] as const;
export type CoretaxField = (typeof CORETAX_FIELDS)[number];

/** What a user reads for each field (DJP's and the sheet's words, the same in both languages). */
export const CORETAX_FIELD_LABELS: Readonly<Record<CoretaxField, string>> = {
  refDesc: 'Nomor Tagihan (RefDesc)',
  date: 'Tanggal Faktur',
  buyerNpwp: 'NPWP Pembeli',
  buyerNik: 'NIK Pembeli',
  buyerIdtku: 'NITKU Pembeli',
  buyerName: 'Nama Pembeli',
  buyerAddress: 'Alamat Pembeli',
  buyerEmail: 'Email Pembeli',
  buyerCountry: 'Negara Pembeli',
  amount: 'Jumlah (DPP)',
  qty: 'Kuantitas (menit)',
  price: 'Harga Satuan (tarif)',
  itemName: 'Nama Barang/Jasa',
};

/** Column names each field is auto-mapped from: the first header holding one of them (any case). */
const AUTO_NAMES: Readonly<Record<CoretaxField, readonly string[]>> = {
  refDesc: ['nomor tagihan', 'no tagihan', 'nomor invoice', 'invoice', 'refdesc', 'no_tagihan'],
  date: ['tanggal faktur', 'tanggal', 'date'],
  buyerNpwp: ['npwp'],
  buyerNik: ['nik'],
  buyerIdtku: ['nitku', 'idtku'],
  buyerName: ['nama pelanggan', 'nama pembeli', 'nama', 'name'],
  buyerAddress: ['alamat', 'address'],
  buyerEmail: ['email', 'e-mail'],
  buyerCountry: ['negara', 'country'],
  amount: ['dpp', 'jumlah', 'total tagihan', 'total', 'amount'],
  qty: ['menit', 'minutes', 'durasi'],
  price: ['tarif', 'tariff'],
  itemName: ['nama jasa', 'nama barang', 'layanan', 'item'],
};

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s_.-]+/g, ' ')
    .trim();

/**
 * A column for each field: the header equal to one of its names, else the first that contains
 * one (NPWP before NITKU, so 'NITKU' does not take the NPWP); a header is used once.
 */
export function autoMapCoretax(headers: readonly string[]): Partial<Record<CoretaxField, string>> {
  const mapping: Partial<Record<CoretaxField, string>> = {};
  const used = new Set<string>();
  // Each header squashed once, not once per field and name.
  const squashed = headers.map(squash);
  const pick = (field: CoretaxField, match: (header: string, name: string) => boolean) => {
    if (mapping[field]) return;
    for (const name of AUTO_NAMES[field]) {
      const header = headers.find((h, i) => !used.has(h) && match(squashed[i], name));
      if (header) {
        mapping[field] = header;
        used.add(header);
        return;
      }
    }
  };
  for (const field of CORETAX_FIELDS) pick(field, (h, n) => h === n);
  for (const field of CORETAX_FIELDS)
    pick(field, (h, n) => h.split(' ').includes(n) || h.includes(n));
  return mapping;
}

/** The line's defaults for voice billing (all editable in the mapping step). */
export interface CoretaxDefaults {
  /** A goods, B services. */
  readonly opt: 'A' | 'B';
  /** 170102 Jasa telefoni tidak bergerak; 170103 for mobile. */
  readonly code: string;
  /** UM.0024 Bulan when the price is the month's amount; UM.0028 Menit with minutes and tariff. */
  readonly unit: string;
  readonly itemName: string;
  readonly country: string;
}

export const VOICE_DEFAULTS: CoretaxDefaults = {
  opt: 'B',
  code: '170102',
  unit: 'UM.0024',
  itemName: 'Jasa telefoni tidak bergerak',
  country: 'IDN',
};
export const UNIT_MINUTE = 'UM.0028';
