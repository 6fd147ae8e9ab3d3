import { getGender } from 'gender-detection-from-name';
console.log(getGender('Laurianne', 'en'));
