#!/usr/bin/env node
// The compiled CLI (npm install builds dist/ through the `prepare` script).
require('../dist/bin/gx-cli.js');
