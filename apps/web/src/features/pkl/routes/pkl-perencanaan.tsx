import { PerencanaanScreen } from '../components/perencanaan-screen';

/** Perencanaan Penilaian PKL (/pkl/perencanaan; issue #12 item 2), for the Pembimbing PKL. */
export default function Screen() {
  return <PerencanaanScreen />;
}
