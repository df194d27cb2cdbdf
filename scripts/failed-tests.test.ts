import { describe, expect, it } from 'vitest';
import { failedPlaywrightTests, failedVitestTests } from './failed-tests.ts';

describe('the failed tests named at the end of npm test', () => {
  it('lists the failed Vitest tests with their file and the first line of the failure, not the passed ones', () => {
    const names = failedVitestTests({
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: `${process.cwd()}/server/a.test.ts`,
          assertionResults: [
            { fullName: 'a passes', status: 'passed' },
            {
              fullName: 'a group › times out',
              status: 'failed',
              failureMessages: ['\u001b[31mError: Test timed out in 5000ms.\u001b[39m\n    at stack'],
            },
          ],
        },
      ],
    });
    expect(names).toEqual(['server/a.test.ts › a group › times out: Error: Test timed out in 5000ms.']);
  });

  it('lists the Playwright specs that failed in nested suites, not the flaky or passed ones', () => {
    const names = failedPlaywrightTests({
      stats: { expected: 1, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: 'e2e/jobs.spec.ts',
          file: 'e2e/jobs.spec.ts',
          specs: [{ title: 'passes', line: 3, tests: [{ status: 'expected', results: [{}] }] }],
          suites: [
            {
              title: 'jobs',
              specs: [
                {
                  title: 'cancel',
                  line: 40,
                  tests: [
                    {
                      status: 'unexpected',
                      results: [{ error: { message: '\nexpect(locator).toBeVisible() failed' } }],
                    },
                  ],
                },
                {
                  title: 'retried',
                  line: 50,
                  tests: [{ status: 'flaky', results: [{ error: { message: 'x' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(names).toEqual(['e2e/jobs.spec.ts:40 › cancel: expect(locator).toBeVisible() failed']);
  });
});
