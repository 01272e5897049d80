/**
 * The parts of boardgame.io the adapter runs: its reducer and initial state
 * (the code its server runs) and its `Bot` class. They are imported from
 * boardgame.io's CommonJS build, which every module system can load
 * (boardgame.io's subpath folders cannot be imported as ES modules in Node),
 * with the types boardgame.io ships for them.
 */

/// <reference path="./boardgame-io-modules.d.ts" />

import * as ai from 'boardgame.io/dist/cjs/ai.js';
import * as internal from 'boardgame.io/dist/cjs/internal.js';
import type * as AiTypes from 'boardgame.io/dist/types/packages/ai.js';
import type * as InternalTypes from 'boardgame.io/dist/types/packages/internal.js';

export const { Bot } = ai as typeof AiTypes;
export const { CreateGameReducer, InitializeGame, ProcessGameConfig } = internal as typeof InternalTypes;
