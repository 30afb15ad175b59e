// Search in a conversation and the conversation view around one message (not in the spec): part of the
// catalogue (MSG.search, MSG.viewer).

export const SEARCH_TEXTS = {
  /** Search in a conversation. */
  search: {
    label: 'Search this conversation',
    placeholder: 'Words to find',
    submit: 'Search',
    clear: 'Clear the search',
    searching: 'Searching…',
    empty: 'Type a word to search for.',
    noHits: 'No message contains these words.',
    hits: (count: number, more: boolean) =>
      more
        ? `More than ${count} messages found`
        : count === 1
          ? '1 message found'
          : `${count} messages found`,
    /** How many messages of the channel hold the words (the provider counted them). */
    matches: (count: number) => (count === 1 ? '1 message matches' : `${count} messages match`),
    moreHits: 'More results',
    failed: 'The search could not be done.',
    /** One person's searches at once, or in a minute, past what one reader needs. */
    tooMany: 'Too many searches at once. Wait a moment, then search again.',
    /** A search given up at its time limit. */
    tooSlow: 'This search takes too long. Add words, or search for rarer ones.',
    jumpTo: 'Show in the conversation',
    /** A `before` cursor the server did not give (edited by hand, or from another conversation). */
    invalidCursor: 'These results are out of date. Search again.',
    /** The heading of the list of hits, and a hit's accessible name. */
    resultsLabel: 'Search results',
    hitLabel: (author: string, date: string) => `Message from ${author}, ${date}`,
  },

  /** Around a message, and newer messages, in the conversation view. */
  viewer: {
    loadNewer: 'Load newer messages',
    loadingNewer: 'Loading newer messages…',
    messageNotFound: 'This message is no longer in the conversation.',
    backToLatest: 'Go to the latest messages',
    backToReports: 'Back to the reported messages',
    /** The accessible description of the message a link or a search hit opened the conversation at. */
    highlighted: 'The message you opened',
    /** An `after` cursor the server did not give. */
    invalidCursor: 'This place in the conversation could not be found. Go to the latest messages.',
  },

  /** Going to a date, or to the first message, in a long conversation. */
  conversationDates: {
    dateLabel: 'Go to a date',
    goToDate: 'Go',
    firstMessage: 'First message',
    invalidDate: 'Enter a valid date.',
    nothingFrom: 'No message on or after this date.',
    /** The day of the messages at the top of the box, kept in sight while scrolling. */
    shownDay: (day: string) => `Messages of ${day}`,
  },

  /** The full-size picture, shown over the conversation. */
  pictures: {
    title: 'Picture',
    position: (n: number, of: number) => `Picture ${n} of ${of}`,
    previous: 'Previous picture',
    next: 'Next picture',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    zoomReset: 'Fit the picture',
    zoomLevel: (percent: number) => `${percent} %`,
    close: 'Close the picture',
    /** Among the pictures of the messages loaded so far. */
    hint: 'Arrow keys: previous and next picture. + and −: zoom. Esc: close.',
  },
} as const;
