// A group's number of members, counted when its row is on screen (src/api/member-counts.ts).
import { useMemberCount } from '../../api/member-counts.ts';
import { fill, useFormat, useLocale, useMessages, type Locale } from '../../lib/i18n.tsx';
import { groupMessages } from './messages.ts';

// Intl.PluralRules rather than an ICU message: the groups page is the first after sign-in, and
// the ICU parser (src/lib/message-format.ts) would add 10 KB gzip to it for two words.
const pluralRules = new Map<Locale, Intl.PluralRules>();
function isOne(locale: Locale, count: number): boolean {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count) === 'one';
}

/** "12 members", in the current language. */
export function useMemberCountLabel(): (count: number) => string {
  const t = useMessages(groupMessages);
  const { locale } = useLocale();
  const format = useFormat();
  return (count) => fill(isOne(locale, count) ? t.memberCountOne : t.memberCountOther, { count: format.number(count) });
}

/** In a tree item, after the name: the number seen, ", 12 members" heard. Nothing until counted. */
export function MemberCountBadge({ grpId, className }: { grpId: number; className?: string }) {
  const count = useMemberCount(grpId);
  const label = useMemberCountLabel();
  const format = useFormat();
  if (count === undefined) return null;
  return (
    <span className={className} title={label(count)}>
      <span aria-hidden="true">{format.number(count)}</span>
      <span className="visually-hidden">, {label(count)}</span>
    </span>
  );
}

/** In the groups table's "Members" column. */
export function MemberCountCell({ grpId }: { grpId: number }) {
  const count = useMemberCount(grpId);
  const format = useFormat();
  return count === undefined ? '…' : format.number(count);
}
