// The warm converter's driver (docs/converter-walls.md, "Warm converters"): run by /usr/bin/python3
// inside the slot's walls, it starts one `soffice --accept` on a pipe named by its third argument
// (unique per converter: without the walls every converter's pipe is in the host's /tmp), connects
// over UNO, then converts one document per line of standard input ({"input","output"} as seen
// inside the walls) and answers one line each ({"ok": true} or {"ok": false, "error"}). A fourth
// argument, when not empty, is preloaded into LibreOffice alone (PDF_ALLOCATOR: jemalloc).
export const UNO_DRIVER = String.raw`
import json, os, select, subprocess, sys, time
import uno
from com.sun.star.beans import PropertyValue

def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p

soffice, profile, pipe = sys.argv[1], sys.argv[2], sys.argv[3]
preload = sys.argv[4] if len(sys.argv) > 4 else ''
address = 'pipe,name=' + pipe + ';urp;StarOffice.ComponentContext'
office = subprocess.Popen([soffice, '--headless', '--invisible', '--norestore', '--nologo',
    '--nodefault', '--nolockcheck', '--nofirststartwizard', '-env:UserInstallation=' + profile,
    '--accept=' + address], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    env=dict(os.environ, LD_PRELOAD=preload) if preload else None)
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext('com.sun.star.bridge.UnoUrlResolver', local)
context = None
deadline = time.monotonic() + 120
while context is None:
    try:
        context = resolver.resolve('uno:' + address)
    except Exception:
        if office.poll() is not None:
            sys.exit(3)
        # The server that started this driver is gone (its end of our stdin closed: it writes
        # nothing before our ready line), or LibreOffice never answers: stop waiting. Leaving ends
        # the walls and every process in them, LibreOffice included; outside the walls the kill
        # does, and the wait reaps it (an orphan is left to a PID 1 that may never reap it).
        if time.monotonic() > deadline or (select.select([0], [], [], 0)[0] and not os.read(0, 1)):
            office.kill()
            office.wait()
            sys.exit(3)
        time.sleep(0.05)
desktop = context.ServiceManager.createInstanceWithContext('com.sun.star.frame.Desktop', context)
print(json.dumps({'ready': True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    try:
        document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request['input']), '_blank', 0,
            (prop('Hidden', True), prop('ReadOnly', True), prop('FilterName', 'MS Word 2007 XML'),
             prop('UpdateDocMode', 0), prop('MacroExecutionMode', 0)))
        if document is None:
            raise Exception('LibreOffice could not open the document')
        try:
            data = uno.Any('[]com.sun.star.beans.PropertyValue', (prop('ExportBookmarksToPDFDestination', True),))
            document.storeToURL(uno.systemPathToFileUrl(request['output']), (prop('FilterName', 'writer_pdf_Export'),
                uno.createUnoStruct('com.sun.star.beans.PropertyValue', 'FilterData', 0, data, 0)))
        finally:
            document.close(True)
        print(json.dumps({'ok': True}), flush=True)
    except Exception as error:
        print(json.dumps({'ok': False, 'error': str(error)[:500]}), flush=True)
`;
