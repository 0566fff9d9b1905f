export { searchWords, titleWords, queryWords, titleMatches, foldText, ftsQuery, tsQuery, WORD_MAX, QUERY_WORDS_MAX } from './words.ts';
export {
  type AlertListFilter, listAlerts, listAlertsQuery, unresolvedMatchesQuery, walkQueries, pgResolvedMatch, searchWalkOnAtMost,
  listWordsOf, listWordsQuery, LIST_WORDS_AT_MOST, LIST_WORDS_RANGES_AT_MOST, LIST_WORDS_WALK_AT_MOST,
  SEARCH_DRIVES_AT_MOST, SEARCH_ESTIMATE_SETTLES_OVER, SEARCH_UNRESOLVED_ESTIMATE_SETTLES_OVER, SEARCH_WALK_AT_MOST, SEARCH_WALK_ON,
} from './planner.ts';
