// Pure rules shared by the server and the browser (DESIGN "Layout").
export * from './period';
export * from './rupiah';
export * from './case';
export * from './invoiceSummary';
export * from './summaryAggregate';
export * from './pipeline';
export * from './password';
export * from './user';
export * from './menu';
export * from './constants';
export * from './validation';
export * from './automap';
export * from './fileSize';
export * from './terbilang';
export * from './valueFormat';
export * from './outputFileName';
export * from './documentPreview';
