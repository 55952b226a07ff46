/** The two databases the server runs on: SQLite in DATA_DIR by default, PostgreSQL by DATABASE_URL. */
export type Engine = 'sqlite' | 'postgres';
