// A page the signed-in account's role may not open (route-registry.ts's `audience`), reached by its
// address: what the role allows, instead of a form whose every change the server would refuse.
import { NotFound } from '#components/not-found.tsx';
import { defineMessages, useMessages } from '#lib/i18n.tsx';

const messages = defineMessages({
  en: {
    title: 'Not open to your role',
    body: 'Your role does not include this page: ask an administrator of your organisation if you need it.',
  },
  fr: {
    title: 'Non ouvert à votre rôle',
    body: 'Votre rôle ne comprend pas cette page : demandez à un administrateur de votre organisation si vous en avez besoin.',
  },
});

export function RoleRefusedPage() {
  const t = useMessages(messages);
  return <NotFound code={403} title={t.title} body={t.body} />;
}
