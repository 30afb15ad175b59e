// The event streams' format (server-sent events) as the apps read it: each event's `data:` line is one
// JSON value; events end with a blank line and may arrive cut anywhere, across several chunks.

/** A reader of a stream's text, chunk by chunk: calls `onData` with each whole event's value. */
export function eventStreamParser(onData: (data: unknown) => void): (text: string) => void {
  let buffer = '';
  return (text) => {
    buffer += text;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      for (const line of buffer.slice(0, end).split('\n'))
        if (line.startsWith('data: ')) onData(JSON.parse(line.slice('data: '.length)));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  };
}
