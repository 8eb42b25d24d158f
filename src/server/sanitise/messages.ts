// The PDF route's answers when the sanitiser refuses a package for its size or its cost.

export const SANITISE_MESSAGES = {
  unpacksTooLarge: (limit: string) =>
    `The Word document unpacks to more than ${limit}, more than the server checks at once. Convert fewer rows at a time.`,
  partTooLarge: (limit: string) =>
    `A part of the Word document unpacks to more than ${limit}. Convert fewer rows at a time.`,
  checkTooLong: (seconds: number) =>
    `Checking the Word document took longer than ${seconds} seconds and was stopped. Convert fewer rows at a time.`,
  cancelled: 'The upload was cancelled.',
} as const;
