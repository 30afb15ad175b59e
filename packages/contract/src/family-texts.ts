// The families' app's texts, in every language it speaks. English is the reference: every other
// language has exactly its keys (the type says so), and a test checks that none is left empty. Texts
// with a value to put in are functions, so that each language orders its own words.
export const FAMILY_LANGUAGES = ['en', 'es'] as const;
export type FamilyLanguage = (typeof FAMILY_LANGUAGES)[number];

const en = {
  appName: 'Bridge Talk',
  languageName: 'English',
  language: 'Language',
  signOut: 'Sign out',
  loading: 'Loading…',
  offline: 'You are offline. New messages will appear when the connection is back.',
  reconnecting: 'Reconnecting…',
  genericError: 'Something went wrong. Try again.',
  tryAgain: 'Try again',
  tooManyTries: 'Too many tries. Wait a few minutes, then try again.',
  // Signing in
  signInTitle: 'Sign in',
  signInIntro: 'Enter the e-mail address your agency invited you with. We will send you a 6-character code.',
  emailLabel: 'E-mail',
  emailInvalid: 'Enter a valid e-mail address.',
  sendCode: 'Send me a code',
  codeSent: (email: string) =>
    `If ${email} belongs to a family member, a code is on its way. It works for 15 minutes.`,
  codeLabel: 'Code',
  codeInvalid: 'This code is not valid or has expired.',
  codeFormat: 'The code has 6 letters and digits.',
  signInButton: 'Sign in',
  otherEmail: 'Use another e-mail address',
  signedOut: 'You have signed out on this device.',
  sessionEnded: 'Your session has ended. Sign in again.',
  // Home
  homeTitle: 'Your conversations',
  noChannels: 'You are not in any conversation yet. Your agency will invite you.',
  withPeople: (names: string) => `With ${names}`,
  and: 'and',
  noMessagesYet: 'No messages yet',
  you: 'You',
  pictures: (count: number) => (count === 1 ? 'A picture or video' : `${count} pictures or videos`),
  unread: (count: number) =>
    count >= 100 ? '99+ unread messages' : count === 1 ? '1 unread message' : `${count} unread messages`,
  readOnlyBadge: 'Read only',
  // A conversation
  back: 'Back to your conversations',
  conversationNotFound: 'This conversation is not one of yours.',
  startOfConversation: 'Start of the conversation',
  loadingOlder: 'Loading older messages…',
  loadOlder: 'Load older messages',
  messagesLabel: 'Messages',
  today: 'Today',
  yesterday: 'Yesterday',
  composerLabel: 'Write a message',
  send: 'Send',
  messageTooLong: (max: string) =>
    `This message is too long: write at most ${max} characters, or send it in parts.`,
  attach: 'Add a picture or video',
  removeAttachment: (name: string) => `Remove ${name}`,
  sending: 'Sending…',
  uploading: (percent: number) => `Uploading ${percent} %`,
  notSent: 'Not sent.',
  retry: 'Send again',
  fileTooLarge: 'This file is too large.',
  fileNotAllowed: 'Only pictures (JPEG, PNG, WebP, GIF) and videos (MP4, WebM) can be sent.',
  report: 'Report',
  reportTitle: 'Report this message',
  reportIntro: 'Your agency will see the message and your reason. The writer is not told who reported it.',
  reportReason: 'Reason (optional)',
  reportSend: 'Report the message',
  cancel: 'Cancel',
  reported: 'You reported this message.',
  readOnlyDisabled: 'Your agency has closed this conversation. You can still read it.',
  readOnlyInactive: 'You are no longer active in this family. You can still read the conversation.',
  readOnlyReader: 'You can read this conversation, but not write in it.',
  peopleTitle: 'Who is in this conversation',
  roleChild: 'Child',
  roleAdoptive: 'Adoptive family',
  roleBirth: 'Birth family',
  inactive: 'not active',
  newMessages: 'New messages',
  picture: 'Picture',
  video: 'Video',
  // Notifications
  notificationsTitle: 'Notifications',
  emailUnreadLabel: 'E-mail me about messages I have not read',
  emailUnreadHint:
    'Sent when a conversation has been quiet for a while: at most one an hour per conversation, never with the messages themselves.',
  pushLabel: 'Show notifications on this device',
  pushHint: 'A notification says who wrote, never what.',
  pushBlocked: 'This browser blocks notifications from Bridge Talk. Allow them in its settings.',
  pushUnsupported:
    'This browser cannot show notifications. On an iPhone, add Bridge Talk to the home screen first.',
  saved: 'Saved.',
  // E-mails and push notifications (the server writes them in the member's language)
  unreadMailSubject: (count: number) =>
    count === 1
      ? 'A message is waiting for you on Bridge Talk'
      : `${count} messages are waiting for you on Bridge Talk`,
  unreadMailIntro: (name: string, family: string) =>
    `Hello ${name}, you have messages you have not read yet in the ${family} family's conversation.`,
  unreadMailOpen: 'Read them in Bridge Talk:',
  unreadMailOptOut: 'Do not want these e-mails? Stop them here (no sign-in needed):',
  pushTitle: (family: string) => `Bridge Talk · ${family}`,
  pushBody: (name: string) => `${name} wrote a message.`,
  // An unread-messages e-mail's opt-out link
  optOutTitle: 'E-mails about unread messages',
  optOutIntro:
    'Stop the e-mails that tell you about messages you have not read? You can turn them on again in the app.',
  optOutButton: 'Stop these e-mails',
  optOutDone: 'You will no longer get e-mails about unread messages. You can turn them on again in the app.',
  optOutInvalid: 'This link is not valid. Sign in to the app to choose your e-mails.',
  openApp: 'Open Bridge Talk',
};

export type FamilyTexts = typeof en;

const es: FamilyTexts = {
  appName: 'Bridge Talk',
  languageName: 'Español',
  language: 'Idioma',
  signOut: 'Cerrar sesión',
  loading: 'Cargando…',
  offline: 'No hay conexión. Los mensajes nuevos aparecerán cuando vuelva la conexión.',
  reconnecting: 'Reconectando…',
  genericError: 'Algo salió mal. Inténtelo de nuevo.',
  tryAgain: 'Intentar de nuevo',
  tooManyTries: 'Demasiados intentos. Espere unos minutos y vuelva a intentarlo.',
  signInTitle: 'Iniciar sesión',
  signInIntro:
    'Escriba el correo electrónico con el que su agencia le invitó. Le enviaremos un código de 6 caracteres.',
  emailLabel: 'Correo electrónico',
  emailInvalid: 'Escriba un correo electrónico válido.',
  sendCode: 'Enviarme un código',
  codeSent: (email: string) =>
    `Si ${email} pertenece a un miembro de la familia, el código ya va en camino. Vale por 15 minutos.`,
  codeLabel: 'Código',
  codeInvalid: 'Este código no es válido o ha caducado.',
  codeFormat: 'El código tiene 6 letras y números.',
  signInButton: 'Entrar',
  otherEmail: 'Usar otro correo electrónico',
  signedOut: 'Ha cerrado la sesión en este dispositivo.',
  sessionEnded: 'Su sesión ha terminado. Vuelva a iniciar sesión.',
  homeTitle: 'Sus conversaciones',
  noChannels: 'Todavía no está en ninguna conversación. Su agencia le invitará.',
  withPeople: (names: string) => `Con ${names}`,
  and: 'y',
  noMessagesYet: 'Todavía no hay mensajes',
  you: 'Usted',
  pictures: (count: number) => (count === 1 ? 'Una foto o un vídeo' : `${count} fotos o vídeos`),
  unread: (count: number) =>
    count >= 100
      ? '99+ mensajes sin leer'
      : count === 1
        ? '1 mensaje sin leer'
        : `${count} mensajes sin leer`,
  readOnlyBadge: 'Solo lectura',
  back: 'Volver a sus conversaciones',
  conversationNotFound: 'Esta conversación no es una de las suyas.',
  startOfConversation: 'Inicio de la conversación',
  loadingOlder: 'Cargando mensajes anteriores…',
  loadOlder: 'Cargar mensajes anteriores',
  messagesLabel: 'Mensajes',
  today: 'Hoy',
  yesterday: 'Ayer',
  composerLabel: 'Escriba un mensaje',
  send: 'Enviar',
  messageTooLong: (max: string) =>
    `Este mensaje es demasiado largo: escriba como mucho ${max} caracteres, o envíelo en partes.`,
  attach: 'Añadir una foto o un vídeo',
  removeAttachment: (name: string) => `Quitar ${name}`,
  sending: 'Enviando…',
  uploading: (percent: number) => `Subiendo ${percent} %`,
  notSent: 'No se envió.',
  retry: 'Enviar de nuevo',
  fileTooLarge: 'Este archivo es demasiado grande.',
  fileNotAllowed: 'Solo se pueden enviar fotos (JPEG, PNG, WebP, GIF) y vídeos (MP4, WebM).',
  report: 'Denunciar',
  reportTitle: 'Denunciar este mensaje',
  reportIntro: 'Su agencia verá el mensaje y su motivo. No se le dice a quien lo escribió quién lo denunció.',
  reportReason: 'Motivo (opcional)',
  reportSend: 'Denunciar el mensaje',
  cancel: 'Cancelar',
  reported: 'Usted denunció este mensaje.',
  readOnlyDisabled: 'Su agencia ha cerrado esta conversación. Todavía puede leerla.',
  readOnlyInactive: 'Ya no está activo en esta familia. Todavía puede leer la conversación.',
  readOnlyReader: 'Puede leer esta conversación, pero no escribir en ella.',
  peopleTitle: 'Quién está en esta conversación',
  roleChild: 'Niño o niña',
  roleAdoptive: 'Familia adoptiva',
  roleBirth: 'Familia biológica',
  inactive: 'no activo',
  newMessages: 'Mensajes nuevos',
  picture: 'Foto',
  video: 'Vídeo',
  notificationsTitle: 'Avisos',
  emailUnreadLabel: 'Enviarme un correo sobre los mensajes que no he leído',
  emailUnreadHint:
    'Se envía cuando una conversación lleva un rato en silencio: como mucho uno por hora y conversación, nunca con los mensajes.',
  pushLabel: 'Mostrar avisos en este dispositivo',
  pushHint: 'Un aviso dice quién escribió, nunca qué.',
  pushBlocked: 'Este navegador bloquea los avisos de Bridge Talk. Permítalos en su configuración.',
  pushUnsupported:
    'Este navegador no puede mostrar avisos. En un iPhone, añada primero Bridge Talk a la pantalla de inicio.',
  saved: 'Guardado.',
  unreadMailSubject: (count: number) =>
    count === 1
      ? 'Tiene un mensaje esperando en Bridge Talk'
      : `Tiene ${count} mensajes esperando en Bridge Talk`,
  unreadMailIntro: (name: string, family: string) =>
    `Hola ${name}, tiene mensajes sin leer en la conversación de la familia ${family}.`,
  unreadMailOpen: 'Léalos en Bridge Talk:',
  unreadMailOptOut: '¿No quiere estos correos? Deténgalos aquí (sin iniciar sesión):',
  pushTitle: (family: string) => `Bridge Talk · ${family}`,
  pushBody: (name: string) => `${name} escribió un mensaje.`,
  optOutTitle: 'Correos sobre mensajes sin leer',
  optOutIntro:
    '¿Dejar de recibir los correos que le avisan de mensajes sin leer? Puede volver a activarlos en la aplicación.',
  optOutButton: 'Dejar de recibir estos correos',
  optOutDone: 'Ya no recibirá correos sobre mensajes sin leer. Puede volver a activarlos en la aplicación.',
  optOutInvalid: 'Este enlace no es válido. Inicie sesión en la aplicación para elegir sus correos.',
  openApp: 'Abrir Bridge Talk',
};

export const FAMILY_TEXTS: Record<FamilyLanguage, FamilyTexts> = { en, es };

/** The language of the browser's first preference the app speaks; English otherwise. */
export function familyLanguageOf(preferences: readonly string[]): FamilyLanguage {
  for (const preference of preferences) {
    const base = preference.toLowerCase().split('-')[0];
    const found = FAMILY_LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return 'en';
}
