// The generator's e-mail outputs (step 4): each row's mail, its preview and the rows not sent.
export const MAIL_TEXTS = {
  heading: 'E-mail each row',
  sendTo: 'Send to',
  noColumn: '(choose a column)',
  subject: 'Subject',
  message: 'Message',
  replyTo: 'Reply-To',
  optional: 'optional',
  invoiceKey: 'Invoice key',
  period: 'Delivery period',
  noPeriods: 'No period yet: create the bill of the period first.',
  fieldsHint: 'Write {Field} to fill in the row’s value, e.g. Tagihan {Nomor_Tagihan}.',
  previewHeading: 'Mail of row {row}',
  to: 'To',
  attachment: 'Attachment',
  notSentHeading: 'Will not be sent',
  checking: 'Checking the mails: {done} of {total} rows…',
  allSendable: 'Every row has a valid address.',
  noAddress: '{count} rows have no valid address: rows {rows}',
  noAddressOne: '1 row has no valid address: row {rows}',
  badAddressOne: '1 row has an address that is not valid: row {rows}',
  headerBreakingOne:
    '1 row holds line breaks or control characters in the address or subject: row {rows}',
  noKeyOne: '1 row has no invoice key: row {rows}',
  duplicateKeyOne: '1 row repeats an invoice key sent from an earlier row: row {rows}',
  sentBeforeOne:
    '1 row has an invoice key already sent for this period (Resend it in Pengiriman): row {rows}',
  badAddress: '{count} rows have an address that is not valid: rows {rows}',
  headerBreaking:
    '{count} rows hold line breaks or control characters in the address or subject: rows {rows}',
  noKey: '{count} rows have no invoice key: rows {rows}',
  duplicateKey: '{count} rows repeat an invoice key sent from an earlier row: rows {rows}',
  badReplyTo: 'The Reply-To address is not valid.',
  sendMails: 'Send e-mails…',
  confirmSend: 'Send {count} e-mails for period {period} from {sender}?',
  confirmSendOne: 'Send 1 e-mail for period {period} from {sender}?',
  senderUnknown: 'the server’s sender address',
  send: 'Send {count} e-mails',
  sendOne: 'Send 1 e-mail',
  cancel: 'Cancel',
  preparing: 'Preparing attachments: {done} of {total}',
  noneToSend: 'No row can be sent.',
  handedOver: '{count} e-mails handed to the server.',
  handedOverOne: '1 e-mail handed to the server.',
  notQueued:
    '{count} invoices were not queued (sent before for this period, or refused by the server): {keys}',
  notQueuedOne:
    '1 invoice was not queued (sent before for this period, or refused by the server): {keys}',
  openDeliveries: 'Open Pengiriman',
  pdfOutput: 'E-mail each row (PDF attached)',
  docxOutput: 'E-mail each row (.docx attached)',
  pdfOutputGroups: 'E-mail each group (PDF attached)',
  docxOutputGroups: 'E-mail each group (.docx attached)',
  converting: 'Converting the attachments to PDF…',
  documentsMismatch:
    '{made} documents were made for {mails} e-mails, so nothing was sent. Check the selected rows and try again.',
  moreRows: '{rows} and {count} more',
  showAllRows: 'Show all {count} rows',
  // The server's refusals of a job, by their code (src/domain/delivery/deliveryErrors.ts).
  error_tooManyRecipients: 'A job holds at most {limit} recipients.',
  error_badRecipient:
    'Recipient {recipient} of the job is incomplete (row, key, to, subject, message).',
  error_periodNotFound: 'Period {period} does not exist.',
  error_badPages: 'Row {row}: its pages are not within the PDF’s {pages} pages.',
  error_missingDocx: 'Row {row}: its .docx file is missing.',
  error_badDocx: 'Row {row}: its .docx file is not a Word document that can be sent.',
  error_userJobLimit:
    'You have started {limit} delivery jobs today, the daily limit. Try again tomorrow (UTC).',
  error_userRecipientLimit:
    'This job would take you over {limit} recipients today, the daily limit. Send fewer rows, or the rest tomorrow (UTC).',
  sentBefore:
    '{count} rows have an invoice key already sent for this period (Resend it in Pengiriman): rows {rows}',
} as const;
