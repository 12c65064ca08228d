"""Where the games plug into the camp without the camp importing them: functions named by string,
guards on camp data, the evening panel's steps."""
