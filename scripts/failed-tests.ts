// The names of the failed tests in Vitest's and Playwright's JSON reports, with the first line of
// each failure, for the end of `npm test`'s output.
import { stripVTControlCharacters } from 'node:util';

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line?: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites?: PlaywrightSuite[];
}

const firstLine = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

const relative = (file: string) => file.replace(`${process.cwd()}/`, '');

export function failedVitestTests(report: VitestReport): string[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`),
  );
}

export function failedPlaywrightTests(report: PlaywrightReport): string[] {
  const walk = (suite: PlaywrightSuite, file: string): string[] => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => {
        const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
        return `${file}:${spec.line ?? 0} › ${spec.title}: ${firstLine(error?.message)}`;
      }),
    ...(suite.suites ?? []).flatMap((child) => walk(child, file)),
  ];
  return (report.suites ?? []).flatMap((suite) => walk(suite, suite.file ?? suite.title));
}
