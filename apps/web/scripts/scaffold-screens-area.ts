/** Area (feature folder, named like the server module) of a route or of a reused screen file. */
export function areaOf(name: string): string {
  const exact: Record<string, string> = {
    'setting-umum': 'sekolah',
    changelog: 'sekolah',
    'check-update': 'sekolah',
    'setting-users': 'pengguna',
    'referensi-kompetensi-dasar': 'kurikulum',
    'referensi-capaian-pembelajaran': 'kurikulum',
    'referensi-tujuan-pembelajaran': 'kurikulum',
    'referensi-bobot-penilaian': 'kurikulum',
    'referensi-ukk': 'ukk',
    'perencanaan-ukk': 'ukk',
    'penilaian-ukk': 'ukk',
    'input-nilai': 'penilaian',
    profile: 'auth',
    'ganti-password': 'auth',
    beranda: 'beranda',
    unduhan: 'unduhan',
    'detil-nilai': 'portal',
    portal: 'portal',
    'riwayat-nilai': 'riwayat-nilai',
    'setting-cadangan': 'cadangan',
    'error-404': 'misc',
    'misc-not-authorized': 'misc',
  };
  if (exact[name]) return exact[name];
  const prefixes: [string, string][] = [
    ['auth-', 'auth'],
    ['sinkronisasi-', 'sinkronisasi'],
    ['referensi-', 'referensi'],
    ['penilaian-', 'penilaian'],
    ['nilai-projek-', 'projek'],
    ['pkl-', 'pkl'],
    ['wali-kelas-', 'wali-kelas'],
    ['progress-', 'monitoring'],
    ['cetak-', 'cetak'],
  ];
  for (const [p, area] of prefixes) if (name.startsWith(p)) return area;
  throw new Error(`No area for route ${name}`);
}
