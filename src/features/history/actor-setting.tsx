// "Your name, for the history": the label recorded with every member this browser adds (sent
// as X-Dashboard-Actor by src/api/history-actor.ts), set once and kept on this device.
import { useState, type FormEvent } from 'react';
import { MAX_ACTOR_LENGTH, readHistoryActor, writeHistoryActor } from '#api/history-actor.ts';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { fill, useMessages } from '#lib/i18n.tsx';
import { historyMessages } from './messages.ts';
import styles from './history-page.module.css';

export function ActorSetting() {
  const t = useMessages(historyMessages);
  const [value, setValue] = useState(readHistoryActor);
  const [saved, setSaved] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    writeHistoryActor(value);
    const stored = readHistoryActor();
    setValue(stored);
    setSaved(stored);
  }

  return (
    <form className={`card ${styles.actor}`} onSubmit={submit}>
      <Field label={t.actorLabel} hint={t.actorHint}>
        {(control) => (
          <div className={styles.inline}>
            <input
              {...control}
              type="text"
              autoComplete="name"
              maxLength={MAX_ACTOR_LENGTH}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setSaved(null);
              }}
            />
            <Button type="submit">{t.actorSave}</Button>
          </div>
        )}
      </Field>
      <p role="status" className={styles.saved}>
        {saved === null ? '' : saved ? fill(t.actorSaved, { name: saved }) : t.actorCleared}
      </p>
    </form>
  );
}
