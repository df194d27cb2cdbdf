// Readable names of the product fields the definition describes today; any other field by its
// API name made readable. The API names themselves only under "Technical details".
import type { Locale } from '#lib/i18n.tsx';

const labels: Record<string, [en: string, fr: string]> = {
  product_id: ['Product number', 'Numéro du produit'],
  product_created_by_user_id: ['Created by', 'Créé par'],
  product_updated_by_user_id: ['Updated by', 'Modifié par'],
  product_provider_id: ['Provider number', 'Numéro du fournisseur'],
  product_for_sale: ['For sale', 'En vente'],
  product_add_to_catalog: ['In the catalogue', 'Au catalogue'],
  product_min_score: ['Minimum score', 'Score minimum'],
  product_duration: ['Duration', 'Durée'],
  product_certificate_report: ['Certificate report', 'Rapport de certificat'],
  product_allow_notation: ['Ratings allowed', 'Notation autorisée'],
  product_certificate_unit: ['Certificate in units', 'Certificat en unités'],
  product_certificate_hour: ['Certificate hours', 'Heures certifiées'],
  product_waiting_list: ['Waiting list', "Liste d'attente"],
  product_show_list_of_participants: ['Participant list shown', 'Liste des participants visible'],
  product_min_participant: ['Minimum participants', 'Participants minimum'],
  product_product_access_expired_day: ['Access expires after (days)', "Expiration de l'accès (jours)"],
  product_event_access_need_approval: ['Registration needs approval', 'Inscription soumise à validation'],
  product_price: ['Price', 'Prix'],
  product_event_date: ['Event start', "Début de l'événement"],
  product_event_end_date: ['Event end', "Fin de l'événement"],
  product_created_date: ['Created', 'Créé le'],
  product_updated_date: ['Updated', 'Modifié le'],
  product_i18n_language_id: ['Language', 'Langue'],
  product_event_type: ['Event type', "Type d'événement"],
  product_external_code: ['External code', 'Code externe'],
  product_image_full_url: ['Image address', "Adresse de l'image"],
  product_do_before_type: ['Prerequisite type', 'Type de prérequis'],
  product_key: ['Key', 'Clé'],
  product_type_id: ['Type', 'Type'],
  product_status: ['Status', 'Statut'],
  product_certificate_working_type: ['Certificate basis', 'Base du certificat'],
  product_external_id: ['External reference', 'Référence externe'],
  product_i18n_slug: ['Slug', 'Slug'],
  product_i18n_title: ['Title', 'Titre'],
  product_i18n_summary: ['Summary', 'Résumé'],
  product_i18n_description: ['Description', 'Description'],
  product_i18n_name: ['Name', 'Nom'],
  product_i18n_learn: ['What learners will learn', 'Ce que les apprenants apprendront'],
  product_i18n_certificate_mention: ['Certificate wording', 'Mention du certificat'],
  product_i18n_region: ['Region', 'Région'],
  product_i18n_admissibility: ['Admissibility', 'Admissibilité'],
  product_i18n_audience: ['Audience', 'Public'],
  product_i18n_how_to_access: ['How to access', 'Modalités d’accès'],
  product_i18n_extra_info: ['Extra information', 'Informations complémentaires'],
  product_i18n_programmation: ['Programme', 'Programme'],
  product_i18n_image_spotlight: ['Spotlight image', 'Image mise en avant'],
  product_i18n_first_reminder_text: ['First reminder', 'Premier rappel'],
  product_i18n_second_reminder_text: ['Second reminder', 'Second rappel'],
  product_i18n_post_reminder_text: ['Follow-up message', 'Message de suivi'],
  product_i18n_speaker_bio: ['Speaker biography', "Biographie de l'intervenant"],
  product_i18n_registration_text: ['Registration text', "Texte d'inscription"],
  product_i18n_creator_name: ['Creator', 'Auteur'],
  product_i18n_creator_url: ['Creator’s website', "Site de l'auteur"],
  product_i18n_promo_video_url: ['Promotional video', 'Vidéo promotionnelle'],
  product_i18n_promo_video_url_vimeo_video_id: ['Vimeo video ID', 'ID de la vidéo Vimeo'],
  product_i18n_promo_video_url_vimeo_video_status: ['Vimeo video status', 'Statut de la vidéo Vimeo'],
  product_i18n_external_link: ['External link', 'Lien externe'],
  product_i18n_do_external_link: ['Course link', 'Lien vers la formation'],
  product_i18n_video_transcription: ['Video transcript', 'Transcription de la vidéo'],
  product_i18n_content: ['Content', 'Contenu'],
  product_i18n_image: ['Image (storage path)', 'Image (chemin de stockage)'],
  product_i18n_price_label: ['Price label', 'Libellé du prix'],
};

/** The readable label of a field in a language; for a field we have no words for, its name without prefix and underscores. */
export function fieldLabel(name: string, locale: Locale): string {
  const entry = labels[name];
  if (entry) return entry[locale === 'fr' ? 1 : 0];
  const words =
    name
      .replace(/^product_(i18n_)?/, '')
      .replace(/_+/g, ' ')
      .trim() || name;
  return words.charAt(0).toLocaleUpperCase(locale) + words.slice(1);
}
