// "Your name, for the history": the label recorded with every member this browser adds (sent
// as X-Dashboard-Actor by src/api/history-actor.ts), set once and kept on this device.
import { useId, useState, type FormEvent } from 'react';
import { MAX_ACTOR_LENGTH, readHistoryActor, writeHistoryActor } from '#api/history-actor.ts';
import { fill, useMessages } from '#lib/i18n.tsx';
import { historyMessages } from './messages.ts';
import styles from './history-page.module.css';

export function ActorSetting() {
  const t = useMessages(historyMessages);
  const id = useId();
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
      <div className="field">
        <label htmlFor={`${id}-input`}>{t.actorLabel}</label>
        <div className={styles.inline}>
          <input
            id={`${id}-input`}
            type="text"
            autoComplete="name"
            maxLength={MAX_ACTOR_LENGTH}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setSaved(null);
            }}
            aria-describedby={`${id}-hint`}
          />
          <button type="submit" className="button">
            {t.actorSave}
          </button>
        </div>
        <p id={`${id}-hint`} className="hint">
          {t.actorHint}
        </p>
      </div>
      <p role="status" className={styles.saved}>
        {saved === null ? '' : saved ? fill(t.actorSaved, { name: saved }) : t.actorCleared}
      </p>
    </form>
  );
}
