// English texts made outside the screens' own catalogues (validation, notices, server answers,
// route titles, the generator's messages), keyed by stable ids. The screens show them as their
// producers word them; in Indonesian they are found by this wording and shown as the text of the
// same id in ../id (PHRASES_ID, PATTERNS_ID), so rewording a text here keeps its translation.
// tests/unit/domain/i18n.test.ts checks that every producer's text is here and that both
// languages have the same ids.

import { QRIS_PATTERNS, QRIS_PHRASES } from './qrisPhrases';

export const PHRASES = {
  // Validation (docs/product.md#input-rules)
  emailRequired: 'Email is required',
  enterValidEmailAddress: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMustLeast6Characters: 'Password must be at least 6 characters',
  passwordMustLeast8Characters: 'Password must be at least 8 characters',
  passwordMustMost128Characters: 'Password must be at most 128 characters',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  nameMustLeast2Characters: 'Name must be at least 2 characters',
  nameMustMost100Characters: 'Name must be at most 100 characters',
  usernameRequired: 'Username is required',
  usernameMustLeast3Characters: 'Username must be at least 3 characters',
  usernameMustMost50Characters: 'Username must be at most 50 characters',
  usernameMustNotContainSpaces: 'Username must not contain spaces',
  usernameMayContainOnlyLetters:
    'Username may contain only letters, digits, dots, dashes and underscores',
  roleRequired: 'Role is required',
  roleMustAdminStaff: 'Role must be admin or staff',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordMustLeast8: 'New password must be at least 8 characters',
  newPasswordMustDifferentFrom: 'New password must be different from current password',
  resetTokenMissingInvalid: 'Reset token is missing or invalid',
  noChangesDetectedModifyProfile: 'No changes detected. Please modify your profile information.',
  invalidFileSelectValidImage:
    'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.',
  // Screen messages (docs/product.md#messages)
  invalidEmailPasswordTryAgain: 'Invalid email or password. Please try again.',
  accountPendingVerificationContactAdministrator:
    'Your account is pending verification. Please contact an administrator.',
  unexpectedErrorOccurredTryAgain: 'An unexpected error occurred. Please try again.',
  accountEmailAlreadyExists: 'An account with this email already exists.',
  invalidRegistrationDataCheckInputs: 'Invalid registration data. Please check your inputs.',
  registrationSuccessfulWaitAdminVerification:
    'Registration successful. Please wait for admin verification.',
  noAccountFoundEmailAddress: 'No account found with this email address.',
  tooManyRequestsWaitBefore: 'Too many requests. Please wait before trying again.',
  failedLoadProfileTryAgain: 'Failed to load profile. Please try again.',
  emailAddressAlreadyUseBy: 'Email address is already in use by another account.',
  invalidProfileDataCheckInputs: 'Invalid profile data. Please check your inputs.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  newPasswordDoesNotMeet: 'New password does not meet security requirements.',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  failedFetchMenus: 'Failed to fetch menus',
  failedFetchUserMenus: 'Failed to fetch user menus',
  failedFetchProfile: 'Failed to fetch profile',
  failedUpdateProfile: 'Failed to update profile',
  failedChangePassword: 'Failed to change password',
  failedUploadProfileImage: 'Failed to upload profile image',
  failedFetchAccountActivity: 'Failed to fetch account activity',
  failedFetchProfileImage: 'Failed to fetch profile image',
  failedSendPasswordResetEmail: 'Failed to send password reset email',
  failedResetPassword: 'Failed to reset password',
  failedLogOutAllDevices: 'Failed to log out of all devices',
  failedFetchUsers: 'Failed to fetch users',
  failedCreateUser: 'Failed to create user',
  failedUpdateUser: 'Failed to update user',
  failedDeleteUser: 'Failed to delete user',
  failedVerifyUser: 'Failed to verify user',
  failedInvalidateUser: 'Failed to invalidate user',
  // Notices (docs/product.md#screens guard, #messages catalogue)
  signRequired: 'Sign In Required',
  signAccessPage: 'Please sign in to access this page.',
  accessDenied: 'Access Denied',
  donTHavePermissionAccess: "You don't have permission to access this page.",
  permissionCheckFailed: 'Permission Check Failed',
  unableVerifyPermissionsContactSupport:
    'Unable to verify permissions. Contact support if issues persist.',
  alreadySigned: 'Already Signed In',
  alreadySigned2: 'You are already signed in.',
  navigationError: 'Navigation Error',
  sessionExpired: 'Session Expired',
  sessionExpiredRedirectingSign: 'Your session has expired. Redirecting to sign in...',
  doNotHavePermissionPerform: 'You do not have permission to perform this action.',
  invalidInput: 'Invalid Input',
  tooManyRequests: 'Too Many Requests',
  tooManyRequestsWaitMoment: 'Too many requests. Please wait a moment before trying again.',
  systemTemporarilyUnavailableMaintenance: 'The system is temporarily unavailable for maintenance.',
  somethingWentWrongOurEnd: 'Something went wrong on our end. Please try again later.',
  unableConnectServerBackendService:
    'Unable to connect to the server. The backend service may be down.',
  networkConnectionFailedCheckInternet:
    'Network connection failed. Please check your internet connection.',
  networkErrorCheckConnection: 'Network error. Please check your connection.',
  requestTimedOutTryAgain: 'Request timed out. Please try again.',
  connectionLost: 'Connection Lost',
  currentlyOfflineSomeFeaturesMay:
    'You are currently offline. Some features may not work properly.',
  connectionRestored: 'Connection Restored',
  serverReachableAgain: 'The server is reachable again.',
  stillWorking: 'Still working',
  takingLongerThanExpectedTry: 'This is taking longer than expected. Please try again.',
  unexpectedErrorOccurred: 'An unexpected error occurred.',
  errorOccurred: 'An error occurred',
  resourceNotFound: 'Resource not found',
  // Profile messages
  profileUpdatedSuccessfully: 'Profile updated successfully',
  profileImageUpdatedSuccessfully: 'Profile image updated successfully',
  passwordChangedSuccessfully: 'Password changed successfully.',
  // User management banners
  userCreatedSuccessfully: 'User created successfully',
  userCreatedSuccessfully2: 'User created successfully.',
  userUpdatedSuccessfully: 'User updated successfully',
  userDeletedSuccessfully: 'User deleted successfully',
  userVerifiedSuccessfully: 'User verified successfully',
  userInvalidatedSuccessfully: 'User invalidated successfully',
  usernameAlreadyTaken: 'This username is already taken.',
  // Sidebar groups and page names that are English
  billingManagement: 'BILLING MANAGEMENT',
  systemManagement: 'SYSTEM MANAGEMENT',
  profileSettings: 'Profile Settings',
  pageNotFound: 'Page Not Found',
  // Route titles of the browser tab (docs/product.md#screens) that are English
  sign: 'Sign In',
  signUp: 'Sign Up',
  forgotPassword: 'Forgot Password',
  resetPassword: 'Reset Password',
  // Loading overlay and the page error of the router
  loading: 'Loading...',
  connectingInspector: 'Connecting the inspector...',
  somethingWentWrong: 'Something went wrong',
  pageCouldNotLoadedCheck:
    'This page could not be loaded. Please check your connection and try again.',
  pageStoppedWorkingBecauseUnexpected: 'This page stopped working because of an unexpected error.',
  reload: 'Reload',
  // Generator notices and hints (docs/product.md#input-rules)
  selectValidDocxFile: 'Please select a valid Word template (.docx, .dotx or .docm)',
  headerRowInvalid: 'The header row is a row number: 1 or more.',
  macrosDropped:
    "The template's macros were dropped: the generated document is a .docx without them.",
  selectValidExcelOdsCsv:
    'Please select a valid Excel, ODS or CSV file (.xlsx, .xls, .xlsm, .ods, .csv, .tsv or .txt)',
  fileSizeMustLessThan: 'File size must be less than 10MB',
  warningNoPlaceholdersFoundTemplate:
    'Warning: No placeholders found in template. Make sure your template contains {placeholder} tags.',
  uploadTemplateSelectDataRows: 'Please upload a template and select data rows',
  efakturOutputNoGenerate:
    'The e-Faktur XML output is made from the rows, not the template: use Download e-Faktur.',
  mailOutputNoGenerate:
    'The e-mail outputs are sent by the server, not downloaded: use Send e-mails.',
  selectDataRowsExport: 'Please select data rows to export',
  noSelectedRowMakesDocument:
    'No document to make: every selected row has fewer than 2 values. Select rows with at least 2 values, or choose a sheet with more columns.',
  mapAllTemplateFieldsBefore: 'Please map all template fields before exporting',
  allDataResetCanStart: 'All data has been reset. You can start fresh!',
  generationCancelled: 'Generation cancelled',
  exportCancelled: 'Export cancelled',
  templateAnalysisCancelled: 'Template analysis cancelled',
  readingExcelFileCancelled: 'Reading the Excel file cancelled',
  // Pictures per row (docs/pictures.md)
  selectImages: 'Please select images (.zip, .png, .jpg, .jpeg or .gif)',
  readingImagesCancelled: 'Reading the images cancelled',
  chooseInvoiceColumnForQris: 'Choose the column with the invoice number for the QRIS.',
  imagesTooLargeTogether:
    'The images together are larger than 10 MB; choose fewer or smaller images.',
  // Answers of the password pages (issue 26: one language per mode)
  resetLinkSentIfAccountExists:
    'If an account exists for this email, a password reset link has been sent.',
  resetLinkSentCheckInbox:
    'If an account exists for this email, a password reset link has been sent. Please check your inbox.',
  passwordResetSignInWithNew:
    'Your password has been reset. Please sign in with your new password.',
  // Role names as the user list, the profile and the user menu show them
  roleStaff: 'Staff',
  // Account activity: the action names (as actionLabel words them) and the fixed descriptions
  actionLogin: 'Login',
  actionLoginUnverified: 'Login unverified',
  actionRegister: 'Register',
  actionUserCreated: 'User created',
  actionUserUpdated: 'User updated',
  actionUserDeleted: 'User deleted',
  actionAccountVerified: 'Account verified',
  actionUserVerified: 'User verified',
  actionAccountInvalidated: 'Account invalidated',
  actionUserInvalidated: 'User invalidated',
  actionProfileUpdated: 'Profile updated',
  actionPasswordChangeFailed: 'Password change failed',
  actionPasswordChanged: 'Password changed',
  actionProfileImageUpdated: 'Profile image updated',
  actionLogout: 'Logout',
  actionLogoutAll: 'Logout all',
  actionSummaryCreated: 'Summary created',
  actionSummaryUpdated: 'Summary updated',
  actionSummaryDeleted: 'Summary deleted',
  actionSummaryProgressUpdated: 'Summary progress updated',
  actionPasswordResetRequested: 'Password reset requested',
  actionPasswordReset: 'Password reset',
  actionGenerationRunRecorded: 'Generation run recorded',
  activitySignedIn: 'Signed in',
  activitySignedOut: 'Signed out',
  activitySignedOutAllDevices: 'Signed out from all devices',
  activitySignInRefusedUnverified: 'Sign-in refused: account awaits verification',
  activityAccountRegistered: 'Account registered',
  activityProfileSavedWithoutChanges: 'Profile saved without changes',
  activityPasswordChangeRefused: 'Password change refused: wrong current password',
  activityPasswordChangedOthersOut: 'Password changed; other sessions signed out',
  activityResetLinkRequested: 'Password reset link requested',
  activityPasswordResetByLink: 'Password reset with an emailed link',
  // A write refused because the record changed meanwhile (issue 25, 412).
  userChangedBySomeoneElse:
    'This user was changed by someone else since you opened it. Reload it, or apply your changes on top of the new version.',
  exportUsersFailed: 'Failed to export users',
  userHistoryFailed: 'Failed to fetch the change history',
  // Pengaturan Perusahaan (issue 33).
  companyNpwp: 'NPWP Penjual must be exactly 16 digits (0-9, no dots or dashes)',
  companyNitku:
    'NITKU Penjual must be exactly 22 digits: the 16-digit NPWP and a 6-digit TKU (000000 for the head office)',
  companyNitkuPrefix: 'NITKU Penjual must start with the 16 digits of NPWP Penjual',
  companyNameRequired: 'Nama Penjual is required',
  companyNameMax: 'Nama Penjual must be at most 200 characters',
  companyChanged:
    'Pengaturan Perusahaan was changed by someone else since you opened it. Reload it, or apply your changes on top of the new version.',
  companyLoadFailed: 'Failed to load the company settings',
  companySaveFailed: 'Failed to save the company settings',
  efakturHistoryFailed: 'Failed to load the e-Faktur history',
  efakturRecordFailed: 'Failed to record the e-Faktur export',
  efakturNpwpLostZero:
    'NPWP has 15 digits: its leading 0 was lost when the sheet stored it as a number. Format the column as text and write the 0',
  efakturNoBuyerId: 'Neither an NPWP nor a NIK: a buyer needs one of them',
  efakturEmptyName: 'The buyer’s name is empty',
  efakturEmptyRef: 'The invoice number (RefDesc) is empty',
  efakturControl: 'Holds a control character that XML cannot carry; retype the cell',
  // E-mail delivery (docs/delivery.md): the API's answers and the screen's fallbacks.
  deliveriesFailed: 'Failed to load the deliveries',
  deliveryActionFailed: 'Failed to change the delivery',
  exportDeliveryFailed: 'Failed to export the failed rows',
  deliveryNotUnknown: 'Only a mail whose sending is unknown can be marked as sent',
  deliveryNotResendable: 'This mail is queued or being sent',
  deliveryEnded: 'This delivery has ended',
  ...QRIS_PHRASES,
} as const;

/** Texts with counts, names or a worker's detail in them, matched by their English wording. */
export const PATTERNS = {
  efakturNpwpLength: /^NPWP must be 16 digits; it has (\d+)$/,
  efakturNikLength: /^NIK must be 16 digits; it has (\d+)$/,
  efakturIdtkuLength: /^NITKU must be 22 digits; it has (\d+)$/,
  efakturBadDate: /^"(.*)" is not a date \(write YYYY-MM-DD or DD\/MM\/YYYY\)$/,
  efakturNotPositive: /^The amount must be a number above zero; it is "(.*)"$/,
  efakturCountry: /^"(.*)" is not a three-letter country code \(ISO 3166-1 alpha-3, e\.g\. IDN\)$/,
  efakturDuplicate: /^"(.*)" was already used by row (\d+)$/,
  efakturAddInfo: /^Transaction code (\d+) needs Additional Info and Facility Stamp$/,
  efakturRepeated:
    /^(\d+) of these invoices were exported to e-Faktur before\. Export them again only if Coretax did not take the earlier file\.$/,
  wordFieldsNotFilledBy:
    /^Word fields not filled by the generator: (.+?)\. They keep the result the template shows\./,
  headerRowBeyondLastRow:
    /Header row (\d+) is beyond the last row of sheet "(.+)" \(row (\d+)\)\. Choose a row from 1 to (\d+)\.$/,
  headerRowNoDataUnder:
    /Header row (\d+) of sheet "(.+)" has no data rows under it\. Choose a row above it\.$/,
  headerRowEmpty:
    /Row (\d+) of sheet "(.+)" is empty\. Choose the row that holds the column names\.$/,
  macrosDroppedAfter:
    / The template's macros were dropped: the generated document is a \.docx without them\.$/,
  successfullyGeneratedMergedDocumentSections:
    /^Successfully generated merged document with (\d+) sections?/,
  successfullyGeneratedPdfSections: /^Successfully generated a PDF with (\d+) sections?/,
  successfullyGeneratedFilesRowsSkipped:
    /^Successfully generated (\d+) files? in (.+?)(?= \(\d+ rows? skipped|$)/,
  successfullyExportedRows: /^Successfully exported (\d+) rows? to (.+)$/,
  rowsSkippedDueInsufficientData: / \((\d+) rows? skipped due to insufficient data\)$/,
  errorReadingExcelFile: /^Error reading Excel file: /,
  sheetHasColumnNamesNoDataRows:
    /Sheet "(.+)" has column names but no data rows: add rows under the header, or choose another sheet\.$/,
  notWordDocumentPdf:
    /The file is a PDF, not a Word document: choose the \.docx it was made from, or save it from Word as \.docx\.$/,
  notWordDocumentZip:
    /The file is not a Word document: a \.docx is a zip package and this one is not\. Save the template from Word as \.docx\.$/,
  errorReadingExcelSheet: /^Error reading Excel sheet: /,
  templateUsesOtherPlaceholders: /^This template uses (.+?) placeholders; write \{(.*)\} instead$/,
  errorGeneratingDocuments: /^Error generating documents: /,
  errorExportingXlsx: /^Error exporting to XLSX: /,
  errorPreviewingRow: /^Error previewing row: /,
  groupRowsLeftOut:
    /^Group rows by "(.+)": (\d+) selected rows? (?:has|have) no value in this column and (?:is|are) left out \(first at row (\d+)\)$/,
  errorReadingImages: /^Error reading images: /,
  imageNotPngJpegGif:
    /"(.+)" is not a PNG, JPEG or GIF image \(its content was checked, not its name\)\.$/,
  imageDamaged: /"(.+)" is a damaged image: its size cannot be read\.$/,
  imageOver5Mb: /"(.+)" is larger than 5 MB; choose a smaller image\.$/,
  imagesZipBomb:
    /"(.+)" would unpack to more than 10 MB, so it was not opened \(it looks like a zip bomb\)\.$/,
  imagesZipDamaged: /"(.+)" is not a zip archive that can be read\.$/,
  columnReadIndonesian:
    /^Column "(.+)" was read as numbers written the Indonesian way \(dot for thousands, comma for decimals\), e\.g\. (.+) is (.+)\.$/,
  columnReadEnglish:
    /^Column "(.+)" was read as numbers written the English way \(comma for thousands, dot for decimals\), e\.g\. (.+) is (.+)\.$/,
  dataFileTooLargeNamed:
    /"(.+)" is ([\d.]+ (?:Bytes|KB|MB|GB)); a data file can be at most 50 MB\. Split it into smaller files \(for example by month or by area\) and read them one at a time\.$/,
  dataFileTooLarge:
    /^The data file is ([\d.]+ (?:Bytes|KB|MB|GB)); a data file can be at most 50 MB\. Split it into smaller files \(for example by month or by area\) and read them one at a time\.$/,
  imagesDuplicateName: /Two of the chosen images are named "(.+)"; rename one\.$/,
  noPictureForRows: /^(\S+): no picture for (\d+) rows? \(first at row (\d+): (.+)\)$/gm,
  groupKeyEmpty:
    /Group rows by "(.+)": the column is empty on every selected row\. Choose another column, or fill it in the data file\.$/,
  // Account activity descriptions with names, periods and counts (issue 26)
  activityFailedSignInFor: /^Failed sign-in for (.+)$/,
  activityAccountCreatedBy: /^Account created by administrator (.+)$/,
  activityCreatedUserStaff: /^Created user (\S+) \(staff\)$/,
  activityCreatedUser: /^Created user (\S+) \((\w+)\)$/,
  activitySessionsEnded: /^(Updated user \S+.*); sessions ended$/,
  activityUpdatedUser: /^Updated user (\S+)/,
  activityDeletedUser: /^Deleted user (\S+)$/,
  activityAccountVerifiedBy: /^Account verified by (\S+)/,
  activityVerifiedUser: /^Verified user (\S+)/,
  activityAccountInvalidatedBy: /^Account invalidated by (\S+); all sessions ended$/,
  activityInvalidatedUser: /^Invalidated user (\S+)$/,
  activityProfileUpdated: /^Profile updated \((.+)\)$/,
  activityProfileFieldName: /(?<=^Profil diperbarui \((?:.*, )?)name(?=[,)])/,
  activityProfileImageChanged: /^Profile image changed \((.+), (\d+) bytes\)$/,
  activityCreatedSummary: /^Created invoice summary (\S+)$/,
  activityUpdatedSummary: /^Updated invoice summary (\S+)/,
  activityDeletedSummary: /^Deleted invoice summary (\S+)$/,
  activityProgressOf: /^(.+ \d{4}-\d{2}): (\d+) of (\d+)$/,
  activityGenerationRun:
    /^Recorded a generation run for (\S+): (\d+) documents? from (\d+) rows? \((.+)\)$/,
  ...QRIS_PATTERNS,
} as const;
