// "Settings": the organisation's display name (the header's) and the directory's refresh age,
// kept by the dashboard server for every administrator. On a static host, a sentence says so.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { orgSettingsQueries, saveOrgSettings } from '#api/org-settings.ts';
import { isApiError } from '#api/errors.ts';
import { MAX_REFRESH_HOURS, MIN_REFRESH_HOURS, type OrgSettings } from '#schemas/org-settings.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { Button } from '#components/button.tsx';
import { useDashboardServer } from '#components/dashboard-server.ts';
import { useCanChangeOrganisation } from '#session/account.ts';
import { Field } from '#components/field.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { settingsMessages } from './messages.ts';
import styles from './settings-page.module.css';

export function SettingsPage() {
  const t = useMessages(settingsMessages);
  const server = useDashboardServer();
  const settings = useQuery({ ...orgSettingsQueries.settings(), enabled: server === 'available' });
  let body;
  if (server === 'absent') body = <p className="notice notice-info">{t.needsServer}</p>;
  else if (settings.isError) body = <ApiErrorNotice title={t.loadFailed} error={settings.error} />;
  else if (!settings.data) body = <p className="hint">{t.loading}</p>;
  else body = <SettingsForm settings={settings.data} />;
  return (
    <div className={styles.page}>
      <header>
        <h1>{t.title}</h1>
        <p className={styles.intro}>{t.intro}</p>
      </header>
      {body}
    </div>
  );
}

type FieldName = 'organisation_name' | 'directory_refresh_hours';

/** The field a 400 `invalid_body` names first in its details (`{path, code, message}`), if any. */
function refusedField(error: unknown): FieldName | null {
  if (!isApiError(error) || error.code !== 'invalid_body') return null;
  for (const detail of error.details ?? []) {
    const path = (detail as { path?: unknown } | null)?.path;
    if (path === 'organisation_name' || path === 'directory_refresh_hours') return path;
  }
  return null;
}

function SettingsForm({ settings }: { settings: OrgSettings }) {
  const t = useMessages(settingsMessages);
  const queryClient = useQueryClient();
  // A viewer or a group manager reads them; the server would refuse their change.
  const readOnly = !useCanChangeOrganisation();
  // Kept as typed, on error too: the administrator corrects rather than retypes.
  const [name, setName] = useState(settings.organisation_name ?? '');
  const [hours, setHours] = useState(String(settings.directory_refresh_hours));
  const [localError, setLocalError] = useState<FieldName | null>(null);
  const save = useMutation({
    mutationFn: saveOrgSettings,
    onSuccess: (saved) => queryClient.setQueryData(orgSettingsQueries.settings().queryKey, saved),
  });
  const serverField = save.isError ? refusedField(save.error) : null;
  const invalid = localError ?? serverField;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const refresh = Number(hours);
    // The number field can hold what is not a whole number; the server checks the rest.
    if (!Number.isInteger(refresh) || refresh < MIN_REFRESH_HOURS || refresh > MAX_REFRESH_HOURS) {
      setLocalError('directory_refresh_hours');
      save.reset();
      return;
    }
    setLocalError(null);
    save.mutate({ organisation_name: name.trim() === '' ? null : name, directory_refresh_hours: refresh });
  }

  return (
    // noValidate: the errors are the dashboard's own, under their fields, in the page's language.
    <form className={`card ${styles.form}`} noValidate onSubmit={submit}>
      <Field
        label={t.organisationName}
        hint={t.organisationNameHint}
        error={invalid === 'organisation_name' ? t.organisationNameInvalid : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            readOnly={readOnly}
            autoComplete="organization"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Field
        label={t.refreshHours}
        hint={fill(t.refreshHoursHint, { hours: settings.default_directory_refresh_hours })}
        error={invalid === 'directory_refresh_hours' ? t.refreshHoursInvalid : undefined}
        className={styles.hours}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            readOnly={readOnly}
            inputMode="numeric"
            min={MIN_REFRESH_HOURS}
            max={MAX_REFRESH_HOURS}
            step={1}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
          />
        )}
      </Field>
      {save.isError && !serverField && <ApiErrorNotice title={t.saveFailed} error={save.error} />}
      {readOnly ? (
        <p className="hint">{t.adminsOnly}</p>
      ) : (
        <div className={styles.actions}>
          <Button kind="primary" type="submit" disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </Button>
          <p role="status" className={styles.status}>
            {save.isSuccess ? t.saved : ''}
          </p>
        </div>
      )}
    </form>
  );
}
