/**
 * Fixed name lists of the demo residence: a mixed, international neighbourhood
 * as an English-language console would show it. Households draw from them with
 * the seeded generator (prng.ts), so the same people live in the same units on
 * every start. Every name is fictional.
 */
export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Amara', 'Noah', 'Sofia', 'Mateo', 'Priya', 'Ethan', 'Yuki', 'Lucas',
  'Chloe', 'Omar', 'Hannah', 'Diego', 'Mei', 'Samuel', 'Fatima', 'Jonas', 'Isabella', 'Arjun',
  'Grace', 'Luca', 'Zara', 'Daniel', 'Elena', 'Kwame', 'Nora', 'Hiroshi', 'Leah', 'Mohammed',
  'Emma', 'Tomasz', 'Aisha', 'Felix', 'Ines', 'Ravi', 'Maya', 'Oscar', 'Lina', 'Gabriel',
  'Freya', 'Andrei', 'Chiara', 'Kofi', 'Ava', 'Julian', 'Nadia', 'Ryan', 'Sana', 'Marco',
  'Clara', 'Tariq', 'Ingrid', 'Kenji', 'Lucia', 'Benjamin', 'Amelia', 'Pablo', 'Keira', 'Viktor',
] as const;

export const LAST_NAMES = [
  'Okafor', 'Novak', 'Sharma', 'Garcia', 'Tanaka', 'Müller', 'Rossi', 'Kowalski', 'Nguyen', 'Haddad',
  'Johansson', 'Mensah', 'Dubois', 'Silva', 'Chen', 'O’Brien', 'Petrova', 'Khan', 'Andersen', 'Moreau',
  'Fernandez', 'Kim', 'Papadopoulos', 'Walker', 'Ibrahim', 'Lindqvist', 'Costa', 'Schneider', 'Patel', 'Murphy',
  'Yilmaz', 'Horvat', 'Bianchi', 'Adeyemi', 'Larsen', 'Morales', 'Suzuki', 'Fischer', 'Ortiz', 'Jensen',
  'Ali', 'Bergstrom', 'Wright', 'Santos', 'Kaur', 'Volkov', 'Hughes', 'Lopez', 'Zhang', 'Campbell',
] as const;
