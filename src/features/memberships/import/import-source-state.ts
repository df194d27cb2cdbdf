// What the administrator gives the import before the preview, as a reducer with named actions:
// a pasted list, a chosen text file (read, or refused with a reason) or an Excel workbook (kept as
// its bytes: read at "Preview", by the dashboard server or here), and the problems that stop the
// preview. The file input's chosen file is the browser's state: `inputKey` changes to clear it.
import { useReducer } from 'react';
import {
  looksLikeXlsx,
  readImportFile,
  type ChosenFile,
  type FileProblem as ReadProblem,
} from '#domain/import-file.ts';

export type { ChosenFile };

/** Why a chosen file cannot be imported: read, or over what the dashboard server takes in one job. */
export type FileProblem = ReadProblem | 'too-large';

/** An Excel workbook: sent as it is to the dashboard server, or read by the page on a static host. */
export interface ChosenSheet {
  name: string;
  bytes: Uint8Array;
}

export interface SourceState {
  pasted: string;
  file: ChosenFile | null;
  sheet: ChosenSheet | null;
  fileProblem: FileProblem | null;
  /** The group column chosen by hand (an index, or null for none); undefined: detected. */
  groupColumn: number | null | undefined;
  /** Shown after a refused "Preview": no group, no rows. */
  missing: { group: boolean; rows: boolean };
  inputKey: number;
}

export type SourceAction =
  | { type: 'pasted'; text: string }
  | { type: 'file-read'; file: ChosenFile }
  | { type: 'sheet-read'; sheet: ChosenSheet }
  | { type: 'file-refused'; problem: FileProblem }
  | { type: 'file-removed' }
  /** The file picker was closed without a file: the input is already empty. */
  | { type: 'file-cleared' }
  | { type: 'group-chosen' }
  | { type: 'group-column'; column: number | null }
  | { type: 'preview-refused'; group: boolean; rows: boolean }
  | { type: 'preview-accepted' }
  | { type: 'start-over' };

export const initialSource: SourceState = {
  pasted: '',
  file: null,
  sheet: null,
  fileProblem: null,
  groupColumn: undefined,
  missing: { group: false, rows: false },
  inputKey: 0,
};

export function sourceReducer(state: SourceState, action: SourceAction): SourceState {
  switch (action.type) {
    case 'pasted':
      return { ...state, pasted: action.text, groupColumn: undefined };
    case 'file-read':
      return { ...state, file: action.file, sheet: null, fileProblem: null, groupColumn: undefined };
    case 'sheet-read':
      return { ...state, file: null, sheet: action.sheet, fileProblem: null, groupColumn: undefined };
    case 'file-refused':
      return { ...state, file: null, sheet: null, fileProblem: action.problem };
    case 'file-cleared':
      return { ...state, file: null, sheet: null, fileProblem: null, groupColumn: undefined };
    case 'file-removed':
      return {
        ...state,
        file: null,
        sheet: null,
        fileProblem: null,
        groupColumn: undefined,
        inputKey: state.inputKey + 1,
      };
    case 'group-column':
      return { ...state, groupColumn: action.column };
    case 'group-chosen':
      return { ...state, missing: { ...state.missing, group: false } };
    case 'preview-refused':
      return { ...state, missing: { group: action.group, rows: action.rows } };
    case 'preview-accepted':
      return { ...state, missing: { group: false, rows: false } };
    case 'start-over':
      return { ...initialSource, inputKey: state.inputKey + 1 };
  }
}

export type FileReadAction = Extract<SourceAction, { type: 'file-read' | 'sheet-read' | 'file-refused' }>;

/** What reading a file ends with, as the action that records it. */
export function readAction(result: Awaited<ReturnType<typeof readImportFile>>): FileReadAction {
  return result.problem ? { type: 'file-refused', problem: result.problem } : { type: 'file-read', file: result.file };
}

/** Reads a chosen file; never rejects (a file the browser cannot read is refused as unreadable). */
export async function readChosenFile(file: File): Promise<FileReadAction> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { type: 'file-refused', problem: 'unreadable' };
  }
  if (looksLikeXlsx(bytes)) return { type: 'sheet-read', sheet: { name: file.name, bytes } };
  return readAction(await readImportFile(file.name, bytes));
}

export function useImportSource() {
  return useReducer(sourceReducer, initialSource);
}
