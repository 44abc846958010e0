/**
 * Academic periods. A tahun ajaran runs from July to June: semester 1 (Ganjil) July–December,
 * semester 2 (Genap) January–June. semester_id = year + 1|2, e.g. '20261' (reference-domain §1.1).
 */
export interface SemesterRef {
  semester_id: string;
  tahun_ajaran_id: number;
  nama: string;
  semester: 1 | 2;
}

export function semesterOfDate(date: Date): SemesterRef {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const tahun = month >= 7 ? year : year - 1;
  const semester: 1 | 2 = month >= 7 ? 1 : 2;
  return makeSemester(tahun, semester);
}

export function makeSemester(tahun: number, semester: 1 | 2): SemesterRef {
  return {
    semester_id: `${tahun}${semester}`,
    tahun_ajaran_id: tahun,
    nama: `${tahun}/${tahun + 1} ${semester === 1 ? 'Ganjil' : 'Genap'}`,
    semester,
  };
}

/** Every semester from the first tahun ajaran up to the one containing `today`, oldest first. */
export function semestersUpTo(firstTahun: number, today: Date): SemesterRef[] {
  const last = semesterOfDate(today);
  const out: SemesterRef[] = [];
  for (let t = firstTahun; t <= last.tahun_ajaran_id; t++) {
    for (const s of [1, 2] as const) {
      const ref = makeSemester(t, s);
      if (ref.semester_id <= last.semester_id) out.push(ref);
    }
  }
  return out;
}
