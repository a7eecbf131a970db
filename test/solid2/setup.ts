import '../setup.js';
