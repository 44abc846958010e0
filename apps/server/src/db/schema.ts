// The one Drizzle schema: every module's tables. drizzle-kit generates the migrations from it.
export * from '../modules/auth/tables';
export * from '../modules/jobs/tables';
export * from '../modules/kurikulum/tables';
export * from '../modules/pengguna/tables';
export * from '../modules/penilaian/tables';
export * from '../modules/pkl/tables';
export * from '../modules/projek/tables';
export * from '../modules/referensi/ref-tables';
export * from '../modules/referensi/tables';
export * from '../modules/riwayat-nilai/tables';
export * from '../modules/sekolah/tables';
export * from '../modules/sinkronisasi/kirim-data/tables';
export * from '../modules/sinkronisasi/kirim-nilai/tables';
export * from '../modules/sinkronisasi/tables';
export * from '../modules/ukk/tables';
export * from '../modules/wali-kelas/tables';
