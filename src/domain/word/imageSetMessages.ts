// What the generator says about the images chosen next to the data file (docs/pictures.md): the
// worker's checks word them, the page shows them (and translates them by this wording).

export const imageSetMessages = {
  notImage: (name: string) =>
    `"${name}" is not a PNG, JPEG or GIF image (its content was checked, not its name).`,
  damaged: (name: string) => `"${name}" is a damaged image: its size cannot be read.`,
  imageTooLarge: (name: string) => `"${name}" is larger than 5 MB; choose a smaller image.`,
  setTooLarge: 'The images together are larger than 10 MB; choose fewer or smaller images.',
  zipBomb: (name: string) =>
    `"${name}" would unpack to more than 10 MB, so it was not opened (it looks like a zip bomb).`,
  damagedZip: (name: string) => `"${name}" is not a zip archive that can be read.`,
  duplicate: (name: string) => `Two of the chosen images are named "${name}"; rename one.`,
} as const;
