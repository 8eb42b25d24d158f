/** One `<option>` per column of the sheet: the choices of every column picker of the generator. */
export function ColumnOptions({ headers }: { headers: readonly string[] }) {
  return (
    <>
      {headers.map((header) => (
        <option key={header} value={header}>
          {header}
        </option>
      ))}
    </>
  );
}
