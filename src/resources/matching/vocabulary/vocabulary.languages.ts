// Languages a candidate speaks or an order asks for, by their English, Spanish and own names.
import type { Language } from './vocabulary.schemas.ts';

export const LANGUAGES: Language[] = [
  { id: 'en', label: 'English', synonyms: ['ingles'] },
  { id: 'es', label: 'Spanish', synonyms: ['espanol', 'castellano'] },
  { id: 'fr', label: 'French', synonyms: ['frances', 'francais'] },
  { id: 'pt', label: 'Portuguese', synonyms: ['portugues'] },
  { id: 'vi', label: 'Vietnamese', synonyms: ['vietnamita', 'tieng viet'] },
  { id: 'zh', label: 'Chinese', synonyms: ['mandarin', 'chino', 'mandarin chinese'] },
  { id: 'yue', label: 'Cantonese', synonyms: ['cantones'] },
  { id: 'tl', label: 'Tagalog', synonyms: ['filipino'] },
  { id: 'ar', label: 'Arabic', synonyms: ['arabe'] },
  { id: 'ko', label: 'Korean', synonyms: ['coreano'] },
  { id: 'ru', label: 'Russian', synonyms: ['ruso'] },
  { id: 'ht', label: 'Haitian Creole', synonyms: ['creole', 'kreyol', 'criollo haitiano'] },
  { id: 'hi', label: 'Hindi', synonyms: [] },
  // "polish" is also a verb (floors, metal): only the capitalised word counts.
  { id: 'pl', label: 'Polish', synonyms: ['Polish', 'polaco'] },
  { id: 'de', label: 'German', synonyms: ['aleman', 'deutsch'] },
  { id: 'it', label: 'Italian', synonyms: ['italiano'] },
  { id: 'ja', label: 'Japanese', synonyms: ['japones'] },
  { id: 'so', label: 'Somali', synonyms: [] },
  { id: 'sw', label: 'Swahili', synonyms: [] },
  { id: 'ase', label: 'American Sign Language', synonyms: ['ASL', 'sign language', 'lenguaje de senas'] },
];

