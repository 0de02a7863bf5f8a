/** Raised when storage cannot keep its promise of durability; the message says what to do. */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** An applied migration no longer matches the text this version ships: refusing to guess. */
export class MigrationChangedError extends StorageError {
  constructor(
    readonly file: string,
    readonly version: number,
    readonly migrationName: string,
    readonly recordedSha256: string,
    readonly currentSha256: string,
  ) {
    super(
      `migration ${version} (${migrationName}) was changed after it was applied to ${file}: ` +
        `recorded sha256 ${recordedSha256}, this version has ${currentSha256}. ` +
        'Applied migrations are append-only: restore its original text and put the change in a new numbered migration.',
    );
    this.name = 'MigrationChangedError';
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
