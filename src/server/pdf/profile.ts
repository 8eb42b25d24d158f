// A LibreOffice profile that refuses what a document could ask of it: no macros, no Java, no
// link updates, no links from untrusted documents, and a dead proxy for anything that still
// tries the network. Written before the first start of each slot's profile.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { own } from './dirs';

const item = (path: string, prop: string, value: string) =>
  `<item oor:path="${path}"><prop oor:name="${prop}" oor:op="fuse"><value>${value}</value></prop></item>`;

const SETTINGS = [
  item('/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'),
  item('/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'),
  item('/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true'),
  item('/org.openoffice.Office.Java/VirtualMachine', 'Enable', 'false'),
  // 2 = never update links (Writer and Calc), fields stay as saved.
  item('/org.openoffice.Office.Writer/Content/Update', 'Link', '2'),
  item('/org.openoffice.Office.Calc/Content/Update', 'Link', '2'),
  // A manual proxy on the discard port: should a fetch slip through, it goes nowhere.
  item('/org.openoffice.Inet/Settings', 'ooInetProxyType', '2'),
  ...['HTTP', 'HTTPS', 'FTP'].flatMap((p) => [
    item('/org.openoffice.Inet/Settings', `ooInet${p}ProxyName`, '127.0.0.1'),
    item('/org.openoffice.Inet/Settings', `ooInet${p}ProxyPort`, '9'),
  ]),
  item('/org.openoffice.Inet/Settings', 'ooInetNoProxy', ''),
  item('/org.openoffice.Office.Common/Misc', 'FirstRun', 'false'),
  item('/org.openoffice.Office.Recovery/AutoSave', 'Enabled', 'false'),
  item('/org.openoffice.Office.Recovery/RecoveryInfo', 'Enabled', 'false'),
  item('/org.openoffice.Office.Common/Save/Document', 'CreateBackup', 'false'),
];

/** The profile's user/registrymodifications.xcu. */
function registryModifications(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${SETTINGS.join('\n')}\n</oor:items>\n`;
}

/** A profile made anew at `dir`, owned by the slot's uid when the server is root. */
export async function makeProfile(
  dir: string,
  owner: { uid: number; gid: number } | undefined,
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const user = path.join(dir, 'user');
  await mkdir(user, { recursive: true });
  const file = path.join(user, 'registrymodifications.xcu');
  await writeFile(file, registryModifications());
  for (const d of [dir, user]) await own(d, 0o700, owner);
  await own(file, 0o600, owner);
}
