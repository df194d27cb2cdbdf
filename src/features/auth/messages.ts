import { defineMessages } from '../../lib/i18n.tsx';

export const authMessages = defineMessages({
  en: {
    title: 'Sign in',
    intro: 'Paste the API token of your learning portal. It stays in this browser tab unless you ask to stay signed in.',
    tokenLabel: 'API token',
    tokenHint: 'The token your portal administrator gave you, or the one printed by npm start.',
    remember: 'Keep me signed in on this device',
    submit: 'Sign in',
    submitting: 'Signing in…',
    tokenRequired: 'Enter your API token.',
    tokenInvalid: 'This token is invalid or has expired. Check it, or ask for a new one.',
    expiredTitle: 'Session expired',
    expiredIntro: 'Your session has expired. Sign in again to carry on: nothing on this page is lost.',
  },
  fr: {
    title: 'Connexion',
    intro: "Collez le jeton d'API de votre portail de formation. Il reste dans cet onglet, sauf si vous demandez à rester connecté.",
    tokenLabel: "Jeton d'API",
    tokenHint: "Le jeton fourni par l'administrateur de votre portail, ou celui affiché par npm start.",
    remember: 'Rester connecté sur cet appareil',
    submit: 'Se connecter',
    submitting: 'Connexion…',
    tokenRequired: "Saisissez votre jeton d'API.",
    tokenInvalid: 'Ce jeton est invalide ou a expiré. Vérifiez-le ou demandez-en un nouveau.',
    expiredTitle: 'Session expirée',
    expiredIntro: 'Votre session a expiré. Reconnectez-vous pour continuer : rien de cette page n’est perdu.',
  },
});
