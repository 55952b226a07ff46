/**
 * A mail server for the tests (smtp-server, from nodemailer's authors): it takes every message
 * and keeps it parsed, or refuses, as a real one would, for now (421) or for good (550).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, as SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** Envelope recipients of each message, in order. */
  recipients: string[][];
  /** 'now': 421 to every message (try later); 'forever': 550 to every recipient; 'hang': no answer to a message at all. */
  refuse: 'now' | 'forever' | 'hang' | null;
  /** Messages that arrived while hanging. */
  held: number;
  /** Connections made to it so far, and those still open. */
  connections: { made: number; open: number };
  close(): Promise<void>;
}

/**
 * With `password`, the server asks for a sign-in (any user name) and refuses every other password
 * with 535. With `startTls`, it offers STARTTLS with smtp-server's own certificate (self-signed
 * and expired, as a mail server's own on a small host may be). `host`: the address it listens on.
 */
export async function startSmtpSink({ password, startTls = false, host = '127.0.0.1' }: { password?: string; startTls?: boolean; host?: string } = {}): Promise<SmtpSink> {
  const sink: SmtpSink = { url: '', messages: [], recipients: [], refuse: null, held: 0, connections: { made: 0, open: 0 }, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: !password,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.password === password) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('535 5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    disabledCommands: startTls ? [] : ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      sink.connections.made += 1;
      sink.connections.open += 1;
      callback();
    },
    onClose() {
      sink.connections.open -= 1;
    },
    // Connections still open (a hanging message) are cut at close.
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      if (sink.refuse === 'forever') return callback(Object.assign(new Error(`550 5.1.1 <${address.address}>: no such mailbox`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (sink.refuse === 'hang') return void (sink.held += 1);
        if (sink.refuse === 'now') return callback(Object.assign(new Error('421 4.3.0 Try again later'), { responseCode: 421 }));
        void simpleParser(Buffer.concat(chunks)).then((parsed) => {
          sink.messages.push(parsed);
          sink.recipients.push(session.envelope.rcptTo.map((to) => to.address));
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  sink.url = `smtp://${host}:${(server.server.address() as AddressInfo).port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
