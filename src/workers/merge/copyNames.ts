// The merged package names every header/footer copy twice: a relationship from the main part
// and a content type override. The two parts are written line by line as the copies are made
// (linesDeflate.ts): a line of a part's shape, with the section number filled in.
import type PizZip from 'pizzip';
import {
  insertionPoints,
  overrideLine,
  relationshipLine,
  relativeTarget,
  shortBytes,
  type InsertionPoint,
} from '../template';
import { LineShape, LinesDeflate } from '../package';
import { copyPath } from './sectionParts';
import type { ZipEntry } from '../package';

/** Stands for the section number while a line's shape is cut (no id or part name holds it). */
const MARK = '\u0000';

interface CopiedPart {
  readonly id: string;
  readonly type: string;
  readonly path: string;
  readonly contentType: string;
}

interface Shapes {
  relationship: LineShape;
  override: LineShape;
}

export class CopyNames {
  private readonly encoder = new TextEncoder();
  private readonly points: { relationships: InsertionPoint; overrides: InsertionPoint };
  private readonly relationships = new LinesDeflate();
  private readonly overrides = new LinesDeflate();
  private readonly shapes = new Map<CopiedPart, Shapes>();
  private started = false;

  constructor(
    zip: PizZip,
    private readonly main: string,
    relsPath: string,
  ) {
    this.points = insertionPoints(zip, relsPath);
  }

  private shapeOf(part: CopiedPart): Shapes {
    const cut = (line: string, values: number) => {
      const segments = line.split(MARK);
      if (segments.length !== values + 1) throw new Error(`unexpected part name ${part.path}`);
      return new LineShape(segments.map((segment) => this.encoder.encode(segment)));
    };
    const path = copyPath(part.path, MARK);
    return {
      relationship: cut(
        relationshipLine({
          id: `rIdMerge${MARK}_${part.id}`,
          type: part.type,
          target: relativeTarget(this.main, path),
        }),
        2,
      ),
      override: cut(overrideLine(path, part.contentType), 1),
    };
  }

  /** Names the copy of `part` made for `section` (copyPath's file name); answers its relationship id. */
  add(part: CopiedPart, section: number): string {
    this.start();
    let shapes = this.shapes.get(part);
    if (!shapes) {
      shapes = this.shapeOf(part);
      this.shapes.set(part, shapes);
    }
    const number = shortBytes(String(section), this.encoder);
    this.relationships.line(shapes.relationship, [number, number]);
    this.overrides.line(shapes.override, [number]);
    return `rIdMerge${section}_${part.id}`;
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.relationships.literals(this.encoder.encode(this.points.relationships.head));
    this.overrides.literals(this.encoder.encode(this.points.overrides.head));
  }

  /** Relationships of the main part other than copies (the pictures of the body, merge/pictures.ts). */
  addRelationships(lines: string): void {
    if (lines === '') return;
    this.start();
    this.relationships.literals(this.encoder.encode(lines));
  }

  /** The main part's .rels and [Content_Types].xml with every copy named; none when nothing was added. */
  entries(): ZipEntry[] {
    if (!this.started) return [];
    const { relationships, overrides } = this.points;
    this.relationships.literals(this.encoder.encode(relationships.tail));
    this.overrides.literals(this.encoder.encode(overrides.tail));
    return [
      { name: relationships.path, method: 8, ...this.relationships.finish() },
      { name: overrides.path, method: 8, ...this.overrides.finish() },
    ];
  }
}
