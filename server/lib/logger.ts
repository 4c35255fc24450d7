import pino from 'pino';

export type Logger = pino.Logger;
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * A request as a log line shows it: method and path. Never its headers (the session cookie), its
 * query string (search terms, e-mail addresses) or its body (passwords).
 */
export function requestSummary(request: { method?: string; url?: string; originalUrl?: string }) {
  return { method: request.method, path: (request.originalUrl ?? request.url ?? '').split('?')[0] };
}

/** A response as a log line shows it: its status (its headers may set the session cookie). */
export function responseSummary(response: { statusCode?: number }) {
  return { statusCode: response.statusCode };
}

/**
 * An error as a log line shows it, without the values a failed statement was sent with (drizzle
 * puts them in the error's message and `params`): they can be passwords' hashes, tokens' hashes
 * or a person's details. The statement's text and the driver's own message stay.
 */
export function errorSummary(error: Error) {
  const line = pino.stdSerializers.err(error) as Record<string, unknown> & {
    message?: string;
    stack?: string;
  };
  if ('params' in line) {
    delete line.params;
    const withoutParams = (text: string | undefined) => text?.replace(/\nparams: [^\n]*/g, '');
    line.message = withoutParams(line.message);
    line.stack = withoutParams(line.stack);
  }
  return line;
}

/**
 * JSON lines: debug and info on stdout, warnings and errors on stderr. Written synchronously, so
 * the line about an uncaught exception is out before the process exits. `destination` takes every
 * line instead (tests read them from memory).
 */
export function createLogger(
  level: LogLevel = 'info',
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorSummary, req: requestSummary, res: responseSummary },
      // For anyone who logs a header object as it is.
      redact: {
        paths: ['headers.cookie', 'headers.authorization', 'headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    destination ??
      pino.multistream(
        [
          { level: 'debug', stream: pino.destination({ dest: 1, sync: true }) },
          { level: 'warn', stream: pino.destination({ dest: 2, sync: true }) },
        ],
        { dedupe: true },
      ),
  );
}
