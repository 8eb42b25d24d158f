// The template stage: a .docx package read into parts, analysed for its placeholders, compiled
// once into render frames. The only module other stages and the worker's surface import.
export { analyseTemplate, sectionTags, type TemplateAnalysis } from './analyseTemplate';
export {
  compileTemplate,
  type CompiledTemplate,
  type HeaderFooterPart,
  type TemplatePart,
} from './compile';
export {
  findMainDocument,
  insertionPoints,
  overrideLine,
  relationshipLine,
  readPart,
  readRelationships,
  relativeTarget,
  relsPathOf,
  resolveTarget,
  type InsertionPoint,
} from './docxPackage';
export {
  compileFrame,
  joinChunks,
  renderFramed,
  shortBytes,
  verifyFrame,
  type RenderFrame,
} from './partFrames';
export { sampleTemplate, SAMPLE_TEMPLATE_NAME } from './sampleTemplate';
export type { PictureSlot } from './pictureTags';
